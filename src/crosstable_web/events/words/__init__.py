"""The reader's words for the app's codes: an event role, a value in a message or the audit log
(``wording``), a pairing system (``pairing_names``), a tie-break (``tiebreak_labels``)."""
