# The Qt macros every Qt-using target of the project compiles with, in one place: no implicit
# conversions between QString and 8-bit text or QUrl, no Q_FOREACH, and no API deprecated before
# the oldest Qt the project supports (6.4). Targets link llmsizer::qt_defaults.
add_library(llmsizer_qt_defaults INTERFACE)
add_library(llmsizer::qt_defaults ALIAS llmsizer_qt_defaults)
target_compile_definitions(llmsizer_qt_defaults INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_FOREACH
    QT_DISABLE_DEPRECATED_BEFORE=0x060400)
