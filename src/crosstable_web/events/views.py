"""Thin views over the service layer."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from crosstable_web.events import models


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "events/event_list.html", {"events": models.Event.objects.all()})
