serve --port 70000
