serve --open --color never --host 192.0.2.1 --port 8080
