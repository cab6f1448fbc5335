"""What every app of the web project writes and reads the same way: the bottom layer.

- ``localisation``: numbers, dates and sorted names as the reader's language writes them
  (Persian digits, Jalali dates, pinyin order), the form fields that read what people type
  (any digits, any calendar), stored codes in words (a sex, a bye, a unit kind) and time
  zones by the names the reader knows them by.
- ``value_messages``: why a typed value was refused, in the reader's words.
- ``currency``: money as the reader writes it (``6,000 元``, ``RM 5``, ``۷۲۰٬۰۰۰ تومان``).
- ``notation``: games and scores as chess or xiangqi writes them (White/Black or Red/Black,
  ``1-0`` or ``2-0``, ``½``, cross-table cells); which one a section writes is the events
  app's (``events.notation.of_section``).
- ``templatetags.public_tags``: the same for templates (``{% load public_tags %}``).

It imports no other app (pyproject.toml's import contracts): what needs an event, a section
or a team belongs to the app that owns it, and writes its values through here.
"""
