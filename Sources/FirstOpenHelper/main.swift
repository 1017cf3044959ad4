print("first-open-window")
