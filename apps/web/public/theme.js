// Applies the theme chosen with the top bar's toggle before the first paint, so no page flashes
// the other one. It is a file of its own, loaded from index.html's head, because the
// Content-Security-Policy allows no inline script. With no choice stored, index.css follows
// prefers-color-scheme. The key is THEME_KEY of src/components/theme-toggle.tsx.
try {
  const theme = localStorage.getItem('inkwell:theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage is blocked (a privacy setting): the system's scheme it is.
}
