"""An event's regulations as the web app reads them: the values kept in rows (``rules``), the
event's language (``language``) and clock (``event_time``), the core's messages in the reader's
words (``regulation_messages``)."""
