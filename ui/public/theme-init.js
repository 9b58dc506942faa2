// Applies the stored theme before first paint (a file, not inline: the CSP allows only 'self' scripts).
try {
  if (localStorage.getItem("theme") === "dark") document.documentElement.classList.add("dark");
} catch {
  // Storage can be blocked (privacy mode): the page stays in the default light theme.
}
