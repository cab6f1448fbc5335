"""Settings split by purpose: ``base`` (shared), ``dev`` (demo server), ``test`` (pytest)."""
