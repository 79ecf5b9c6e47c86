help sovle
