"""Standings, sub-rankings and prize lists of a section (``standings``) and the grade
promotion report (``promotions``)."""
