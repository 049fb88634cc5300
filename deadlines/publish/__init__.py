"""Publishing computed results: iCalendar feeds and the JSON of the API and CLI."""
