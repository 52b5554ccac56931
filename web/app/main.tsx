import './styles.css';
import { firstScreenShown } from './first-screen-shown.ts';

/**
 * The entry index.html loads: the styles, and the app (./start.tsx) once a page the server drew
 * is on the screen (decision 204). A page the browser draws itself starts it at once; the build
 * hints the app's modules in index.html so they load beside this one (vite.config.ts).
 */
void firstScreenShown().then(() => import('./start.tsx'));
