// The language menu of the back office's header: choosing a language sends its form (an
// inline onchange handler would be refused by the Content-Security-Policy).
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("select[data-submit-on-change]").forEach(function (menu) {
    menu.addEventListener("change", function () {
      menu.form.submit();
    });
  });
});
