// Progressive enhancements of the handbook's pages. Everything works without this file except the
// text-size buttons, which stay hidden until it runs.
(function () {
  "use strict";

  var SIZES = ["small", "medium", "large"];
  var STORAGE_KEY = "handbook-text-size";

  function storedSize() {
    try {
      return window.localStorage.getItem(STORAGE_KEY) || "medium";
    } catch (e) {
      return "medium";
    }
  }

  function applySize(size) {
    var root = document.documentElement;
    SIZES.forEach(function (name) { root.classList.remove("text-" + name); });
    if (size !== "medium") { root.classList.add("text-" + size); }
    document.querySelectorAll("[data-text-size]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-text-size") === size));
    });
    try {
      window.localStorage.setItem(STORAGE_KEY, size);
    } catch (e) {
      // Not remembered, but still applied.
    }
  }

  function setUpTextSize() {
    var group = document.querySelector(".text-size");
    if (!group) { return; }
    group.hidden = false;
    applySize(storedSize());
    group.addEventListener("click", function (event) {
      var button = event.target.closest("[data-text-size]");
      if (button) { applySize(button.getAttribute("data-text-size")); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpTextSize();
  });
})();
