// "Use my location": the browser's position (navigator.geolocation, asked only
// when the button is pressed) sent to the page as /?near=LAT,LON. Without
// JavaScript or geolocation the button stays hidden; /?near= works as is.
(function () {
  var box = document.getElementById("locate");
  if (!box || !navigator.geolocation) return;
  var button = document.getElementById("locate-button");
  var message = document.getElementById("locate-message");
  box.hidden = false;
  function say(text, isError) {
    message.textContent = text;
    message.className = isError ? "error" : "hint";
  }
  button.addEventListener("click", function () {
    say(box.dataset.asking, false);
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(function (pos) {
      var near = pos.coords.latitude.toFixed(5) + "," + pos.coords.longitude.toFixed(5);
      window.location.href = box.dataset.action + "?near=" + near + (box.dataset.lang ? "&lang=" + box.dataset.lang : "");
    }, function (err) {
      button.disabled = false;
      say(err.code === 1 ? box.dataset.denied : box.dataset.unavailable, true);
    }, { enableHighAccuracy: false, timeout: 20000, maximumAge: 300000 });
  });
})();
