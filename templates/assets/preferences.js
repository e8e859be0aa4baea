// Applies the reader's text size before the page is painted, so it never jumps (practice 1.3).
// Loaded synchronously in <head>; it only sets a class, so browser zoom keeps working.
(function () {
  try {
    var size = window.localStorage.getItem("handbook-text-size");
    if (size === "small" || size === "large") {
      document.documentElement.classList.add("text-" + size);
    }
  } catch (e) {
    // Storage can be disabled; the default size is fine.
  }
})();
