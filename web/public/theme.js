// Applies the saved theme, or the system's, before the app renders (avoids a light flash in dark mode).
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    /* storage may be blocked; the light theme is a fine default */
  }
})();
