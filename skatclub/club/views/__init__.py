"""Views by area: `public` (read-only pages), `spielwart` (entry), `printing` (PDF)."""
