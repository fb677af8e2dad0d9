"""Stage 7, the site: MkDocs builds it (build), with our plugin's events (plugin), page workers in other
processes (workers), the search index (search), sidebars rendered once (sidebars), and the output written whole (write)."""
