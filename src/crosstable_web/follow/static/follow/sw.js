// crosstable: shows a followed player's pairing or result sent by Web Push (follow/webpush.py),
// and opens the player's page when the notification is tapped.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (error) { data = {body: event.data.text()}; }
  event.waitUntil(self.registration.showNotification(data.title || "crosstable", {
    body: data.body || "",
    lang: data.lang || "",
    data: {url: data.url || "/"},
  }));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
