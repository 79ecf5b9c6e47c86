judge nim -- /nonexistent/solution
