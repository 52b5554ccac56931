// What other features may use from the reports feature.
export { ReportButton } from './report-button.tsx';
