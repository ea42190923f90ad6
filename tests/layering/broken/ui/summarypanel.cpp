// Breaks rule 8: a widget outside the floors (ui/ itself).
void refresh() {}
