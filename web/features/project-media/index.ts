// The maker's editor for a project's tools, tags, gallery and demo video (issue 17), loaded on
// demand by the project page for its owner.
export { default } from './components/extras-editor.tsx';
