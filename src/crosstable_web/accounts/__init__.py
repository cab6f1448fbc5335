"""Accounts and who may act: sign-in and passwords (Django's auth views), invitations that
create an account (and may carry a role on an event), the site setting for who may create
events, the site administrator's list of accounts, and each event's roles page and the
``grant_role`` / ``revoke_role`` commands (organisers and arbiters are ``events.EventRole``
rows, a captain is ``teams.Team.captain``)."""
