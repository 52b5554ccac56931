// What other code may use from the search feature: the header's search shell. It is on every page
// and in the home route's first bundle, so it is small; the combobox loads when it is wanted.
export { HeaderSearch } from './components/header-search.tsx';
