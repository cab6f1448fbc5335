"""WSGI entry point of a served deployment (gunicorn ``crosstable_web.wsgi:application``):
the production settings unless ``DJANGO_SETTINGS_MODULE`` says otherwise (docs/deploy.md).
The development server (``crosstable-web runserver``, scripts/demo) uses the dev settings."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "crosstable_web.settings.prod")
application = get_wsgi_application()
