// What other features may use from the reports feature.
export { ReportButton } from './components/report-button.tsx';
