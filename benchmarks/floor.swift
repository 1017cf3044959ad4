// The start-up floor of any Swift program here: prints one line and exits.
// Built with the Swift runtime linked statically, like first-open.
print("nothing")
