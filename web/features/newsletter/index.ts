// What other parts of the app may use from the newsletter feature.
export { NewsletterForm } from './components/newsletter-form.tsx';
