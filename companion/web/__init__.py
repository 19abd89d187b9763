"""The thin web layer: pages (htmx), the JSON API and the event stream, over one table service."""
