// Breaks rule 8: the state includes a widget (state/ is below all widgets).
#include "ui/kit/palette.h"
