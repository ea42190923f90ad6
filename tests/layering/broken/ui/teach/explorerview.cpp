// Breaks rule 8: a view includes another view.
#include "ui/overview/configpanel.h"
