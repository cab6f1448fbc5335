"""URLs of online registration: the public form and private links under ``/r/``, the
organisers' queue under ``/e/<event>/registrations/``."""

from django.urls import path

from crosstable_web.registrations import views

app_name = "registrations"

urlpatterns = [
    path("r/pay/fake/", views.fake_checkout, name="fake_checkout"),
    path("r/pay/<str:provider>/confirm/", views.provider_confirm, name="provider_confirm"),
    path("r/<slug:slug>/", views.register, name="register"),
    path("r/<slug:slug>/mine/<str:token>/", views.mine, name="mine"),
    path("r/<slug:slug>/mine/<str:token>/pay/", views.pay, name="pay"),
    path("e/<slug:slug>/registrations/", views.queue, name="queue"),
    path("e/<slug:slug>/registrations/<int:number>/", views.detail, name="detail"),
    path(
        "e/<slug:slug>/registrations/document/<int:document_id>/",
        views.document,
        name="document",
    ),
]
