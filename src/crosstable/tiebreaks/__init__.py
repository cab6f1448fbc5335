"""Tie-breaks: a registry keyed by the official FIDE C.07 / TRF-2026 codes, plus the
Chinese xiangqi tie-breaks, one module per family.

* ``descriptor`` — ``BH/C1``-style descriptors (TRF-2026 syntax, handbook and Chinese names);
* ``registry`` — every tie-break by code with its metadata, and ``evaluate(spec, context)``;
* ``context`` — what the tie-breaks read (scores in integer units, Art. 16 adjusted scores);
* ``unplayed`` — Art. 16 categories, the 2026/2023 dummy and the pre-2023 virtual opponent;
* families: ``buchholz`` (BH, FB, AOB, Cut/Median), ``sonneborn_berger`` (SB, KS),
  ``progressive`` (PS, 累进分), ``direct_encounter`` (DE, 直胜), ``counts`` (WIN, WON, BPG,
  BWG, REP, STD, TPN), ``performance`` (ARO, TPR, PTP, APRO, APPO, RTNG), ``chinese``
  (对手分, 犯规, 前一轮名次), ``team`` (MP, GP, MPvGP, ESB, BC, TBR, BBE, EDE…, SSSC) and
  ``team_matches`` (team matches from a team TRF).

Standings (ranking with these tie-breaks) live in ``crosstable.standings``.
"""
