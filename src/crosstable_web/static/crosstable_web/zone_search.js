// The time-zone box's city search (events.forms.ZoneSelect): typing a city chooses the first
// zone whose name, IANA name or cities (data-cities: the names the list leaves out as
// aliases, e.g. Chongqing and 重庆 for 中国（上海）时间) contain it. Without this script the
// search box stays hidden and the list works as any list.
document.addEventListener("DOMContentLoaded", function () {
  function plain(text) {
    return (text || "").toLowerCase().replace(/[\s_]+/g, "");
  }
  document.querySelectorAll("input.zone-city").forEach(function (search) {
    // the list rendered just before it (a page may hold several forms with a zone list,
    // each with the same id)
    var box = search.previousElementSibling;
    if (!box || box.tagName !== "SELECT") {
      return;
    }
    search.hidden = false;
    search.addEventListener("input", function () {
      var wanted = plain(search.value);
      if (!wanted) {
        return;
      }
      for (var index = 0; index < box.options.length; index++) {
        var option = box.options[index];
        var words = plain(option.text) + " " + plain(option.value) + " " +
          plain(option.dataset.cities);
        if (option.value && words.indexOf(wanted) !== -1) {
          box.value = option.value;
          box.dispatchEvent(new Event("change", { bubbles: true }));
          return;
        }
      }
    });
  });
});
