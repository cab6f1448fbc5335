"""Who may change what and who did: roles and permissions (``permissions``), the arbiters who
sign printouts and TRF files (``arbiters``), the audit log of every change (``audit``)."""
