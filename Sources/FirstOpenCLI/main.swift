print("first-open")
