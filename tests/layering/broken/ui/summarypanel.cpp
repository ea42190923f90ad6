// Breaks rule 5: a widget counts.
void refresh()
{
    const auto count = countParameters(config);
}
