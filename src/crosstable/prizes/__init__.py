"""Prizes: places with amounts, category prizes, conditions and sharing."""
