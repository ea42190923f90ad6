# Precompiled headers for the Qt targets: a Qt header costs most of a widget's or a test's compile
# (5 of the 7 s of a UI test's, measured with -ftime-report), so each headers set below is parsed
# once per target instead of once per source. The core and the presentation layer have none: they
# do not include Qt, and clang-tidy reads their sources as written.
#   -DLLMSIZER_PCH=OFF   builds without them (to check that every source includes what it uses)
option(LLMSIZER_PCH "Precompile the Qt headers of the widget, app and test targets" ON)

# What most of the project's Qt sources include (counted over ui/, app/ and tests/).
set(llmsizer_pch_std <algorithm> <array> <cmath> <cstdint> <filesystem> <fstream> <functional>
    <memory> <optional> <set> <string> <vector>)
set(llmsizer_pch_core <QObject> <QString> <QStringList> <QList> <QFile> <QDir> <QFileInfo>
    <QTemporaryDir> <QProcess> <QTimer> <QElapsedTimer> <QLocale> <nlohmann/json.hpp>)
set(llmsizer_pch_widgets <QApplication> <QWidget> <QLabel> <QVBoxLayout> <QHBoxLayout> <QGridLayout>
    <QComboBox> <QAction> <QMenu> <QMenuBar> <QToolButton> <QSlider> <QSpinBox> <QLineEdit>
    <QPushButton> <QCheckBox> <QTableWidget> <QTableView> <QHeaderView> <QTabWidget> <QScrollArea>
    <QScrollBar> <QSplitter> <QMessageBox> <QFileDialog> <QToolTip> <QFontMetricsF> <QFont>
    <QColor> <QImage> <QPainter> <QEvent> <QSignalBlocker>)
set(llmsizer_pch_charts <QChart> <QChartView> <QValueAxis> <QLogValueAxis> <QLineSeries>
    <QLegendMarker>)

# The widget library and the app's programs.
function(llmsizer_precompile_qt_headers target kind)
    if(NOT LLMSIZER_PCH)
        return()
    endif()
    set(headers ${llmsizer_pch_std} ${llmsizer_pch_core})
    if(kind STREQUAL "widgets")
        list(APPEND headers ${llmsizer_pch_widgets})
    endif()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# The per-folder test executables (tests/CMakeLists.txt): Qt Test for all; the widgets and charts
# for the UI tests. The folders below the widgets share one header, built once.
function(llmsizer_precompile_test_headers target group)
    if(NOT LLMSIZER_PCH)
        return()
    endif()
    if(group STREQUAL "ui")
        target_precompile_headers(${target} PRIVATE <QtTest> <QSignalSpy> ${llmsizer_pch_std}
            ${llmsizer_pch_core} ${llmsizer_pch_widgets} ${llmsizer_pch_charts})
    elseif(group STREQUAL "core")
        target_precompile_headers(${target} PRIVATE <QtTest> <QSignalSpy> ${llmsizer_pch_std}
            ${llmsizer_pch_core})
    else()
        target_precompile_headers(${target} REUSE_FROM tests_core)
    endif()
endfunction()
