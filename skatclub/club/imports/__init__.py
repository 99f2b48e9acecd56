"""Spreadsheet import: a club's history from XLSX, ODS or CSV, with mapping, review and undo.

One row per player and Serie (date and/or event name, Serie, table, player name, and either
list score, won and lost, or Seeger-Fabian points alone). The Spielwart maps the columns once
(`SpreadsheetMapping`, shown again next time), reviews how names match members (`names`), sees a
preview of every event and player the import will create and every row it cannot read
(`plan`), and confirms; the import is one transaction through the archive writer and records
what it created, so that it can be undone as a whole (`write`). Modules:

- `reader`: XLSX (`xlsx`, streamed with expat), ODS (`ods`, python-calamine), CSV (csv) into
  numbered rows (a workbook's worksheets one after the other, numbered on), with bounds on
  size, rows, columns and cell length; `packages` checks the
  ZIP packages first.
- `cells`: one cell as a date, a whole number or a name, with the German reason when not.
- `mapping`: the fields a column can be mapped to, checks and suggestions.
- `names`: names as members are matched ("Müller, H." and "Hans Mueller").
- `plan`: rows -> events, Serien, tables and totals, checked by the services and the engine.
- `write`: the checked plan written (archive writer), recorded, and undone.
- `models`: `SpreadsheetMapping`, `SpreadsheetImport` (the upload, the decisions and what
  was created).

This module imports nothing so that `club.models` can import `imports.models` at start-up.
"""
