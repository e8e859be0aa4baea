// Progressive enhancements of the handbook's pages. Everything works without this file; the
// text-size buttons, which need it, are inserted by it, so no reader meets a button that does nothing.
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

  /** The text-size group, labelled from the header's data attributes; null on a page without a header. */
  function textSizeGroup() {
    var header = document.querySelector(".site-header[data-text-size-label]");
    var panel = header && header.querySelector(".site-menu-panel");
    if (!panel) { return null; }
    var group = document.createElement("div");
    group.className = "text-size";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", header.getAttribute("data-text-size-label"));
    // English standing in for a translation carries its data-*-lang (as search.js does); a button's
    // own language is restored inside a group whose label is English.
    var groupLang = header.getAttribute("data-text-size-label-lang");
    if (groupLang) { group.lang = groupLang; }
    SIZES.forEach(function (size) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-text-size", size);
      button.setAttribute("aria-pressed", "false");
      button.textContent = header.getAttribute("data-text-size-" + size);
      var lang = header.getAttribute("data-text-size-" + size + "-lang") || (groupLang ? document.documentElement.lang : "");
      if (lang) { button.lang = lang; }
      group.appendChild(button);
    });
    panel.appendChild(group);
    return group;
  }

  function setUpTextSize() {
    var group = textSizeGroup();
    if (!group) { return; }
    applySize(storedSize());
    group.addEventListener("click", function (event) {
      var button = event.target.closest("[data-text-size]");
      if (button) { applySize(button.getAttribute("data-text-size")); }
    });
  }

  /**
   * Opens the header's menu on wide screens, where the stylesheet already shows its content, so that
   * the open state assistive technologies read matches what is on screen; narrow screens start closed.
   */
  function setUpMenu() {
    var menu = document.querySelector(".site-menu");
    if (!menu || !window.matchMedia) { return; }
    var wide = window.matchMedia("(min-width: 48rem)");
    function sync() { menu.open = wide.matches; }
    sync();
    wide.addEventListener("change", sync);
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpMenu();
    setUpTextSize();
  });
})();
