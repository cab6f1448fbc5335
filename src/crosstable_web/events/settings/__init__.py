"""An event's settings as the organiser edits them: the common settings and the TOML editor
(``event_settings``), the structured forms for schedule, eligibility, fees and prizes
(``settings_forms``) and how they are written into the regulations (``regulation_edits``)."""
