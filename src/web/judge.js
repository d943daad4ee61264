// judge.js, the pages' one script; every page works without it.
//
// Deadlines: each <time datetime> also shows the viewer's own clock.
//
// Ordering by tapping the board, on a seat's page. The page works
// without it (the text box and the pull-downs); with it, the board
// becomes clickable: tap one of your units, then where it goes (or the
// unit it supports, or the unit itself to hold), and the orders that fit
// are shown in words, to be added to the box with one more tap. Nothing
// is sent until the form is. The orders offered are the pull-downs' own,
// so the judge takes every one of them; no coast is chosen for you.
"use strict";
(function () {
  Array.prototype.forEach.call(document.querySelectorAll("time[datetime]"), function (time) {
    var when = new Date(time.getAttribute("datetime"));
    if (!isNaN(when.getTime())) {
      time.insertAdjacentText("afterend", " (your time: " + when.toLocaleString() + ")");
    }
  });
})();
(function () {
  var picture = document.querySelector("img.board[data-targets]");
  var box = document.getElementById("orders");
  var status = document.getElementById("map-status");
  var list = document.getElementById("map-choices");
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-province]"));
  if (!picture || !box || !status || !list || !selects.length || !window.fetch) {
    return;
  }
  var chosen = null;

  function plain(province) {
    return province.split("/")[0].toLowerCase();
  }
  function at(province) {
    return selects.filter(function (s) {
      return plain(s.getAttribute("data-province")) === plain(province);
    })[0];
  }
  function name(select) {
    var label = document.querySelector("label[for='" + select.id + "']");
    return label ? label.textContent : select.getAttribute("data-province");
  }
  function lastWord(order) {
    var words = order.trim().split(/\s+/);
    return words[words.length - 1];
  }
  function say(text) {
    status.textContent = text;
  }
  function offer(orders) {
    list.textContent = "";
    orders.forEach(function (option) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "Add: " + option.textContent;
      button.addEventListener("click", function () {
        var text = box.value.replace(/\s+$/, "");
        box.value = (text ? text + "\n" : "") + option.value + "\n";
        say("Added " + option.textContent + " Tap another unit, or send your orders.");
        list.textContent = "";
        chosen = null;
      });
      list.appendChild(button);
    });
  }
  function tapped(province) {
    var here = at(province);
    if (!chosen) {
      if (here) {
        chosen = here;
        say(name(here) + ": tap where it goes, the unit it supports or convoys, or tap it again.");
      } else {
        say("You have nothing to order there. Tap one of your units.");
      }
      offer([]);
      return;
    }
    var home = plain(chosen.getAttribute("data-province"));
    var orders = Array.prototype.slice.call(chosen.options).filter(function (option) {
      if (!option.value) {
        return false;
      }
      var last = lastWord(option.value);
      if (plain(province) === home && (last === "H" || last === "Disband")) {
        return true;
      }
      return plain(last) === plain(province);
    });
    if (orders.length) {
      say(name(chosen) + ": choose the order to add.");
    } else {
      say("No order of " + name(chosen) + " ends there. Tap another place, or another unit.");
      chosen = here || null;
    }
    offer(orders);
  }

  fetch(picture.getAttribute("data-targets"), { credentials: "same-origin" })
    .then(function (answer) {
      return answer.ok ? answer.text() : Promise.reject(answer.status);
    })
    .then(function (text) {
      var parsed = new DOMParser().parseFromString(text, "image/svg+xml");
      var board = document.importNode(parsed.documentElement, true);
      board.setAttribute("class", "board");
      board.setAttribute("role", "img");
      board.setAttribute("aria-label", picture.alt);
      board.removeAttribute("width");
      board.removeAttribute("height");
      picture.parentNode.replaceChild(board, picture);
      board.addEventListener("click", function (event) {
        var target = event.target.closest && event.target.closest("[data-province]");
        if (target) {
          tapped(target.getAttribute("data-province"));
        }
      });
      say("Tap one of your units on the board to order it, or use the box and the lists below.");
    })
    .catch(function () {
      say("");
    });
})();
