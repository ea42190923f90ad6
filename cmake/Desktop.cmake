# Desktop integration of the GUI: the .desktop entry, the icon in the hicolor theme (SVG and PNG
# sizes), and the AppStream metadata with a screenshot the app renders of itself.
set(LLMSIZER_APP_ID "org.llmsizer.LlmSizer")
set(LLMSIZER_SCREENSHOT_URL "" CACHE STRING
    "Web address of the metadata's screenshot (AppStream accepts only web addresses); the image is \
docs/screenshots/llama-3-70b-light.png. Empty: the metadata carries no screenshot element.")

if(LLMSIZER_SCREENSHOT_URL)
    set(LLMSIZER_METAINFO_SCREENSHOTS "  <screenshots>
    <screenshot type=\"default\">
      <caption>Llama 3 70B: parameter pie and memory per precision against GPU capacities</caption>
      <image>${LLMSIZER_SCREENSHOT_URL}</image>
    </screenshot>
  </screenshots>
")
else()
    set(LLMSIZER_METAINFO_SCREENSHOTS "")
endif()
configure_file(resources/desktop/${LLMSIZER_APP_ID}.metainfo.xml.in
    ${CMAKE_BINARY_DIR}/desktop/${LLMSIZER_APP_ID}.metainfo.xml @ONLY)

install(FILES resources/desktop/${LLMSIZER_APP_ID}.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${CMAKE_BINARY_DIR}/desktop/${LLMSIZER_APP_ID}.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES resources/icons/${LLMSIZER_APP_ID}.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(px 16 32 48 64 128 256)
    install(FILES resources/icons/${LLMSIZER_APP_ID}-${px}.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${px}x${px}/apps
        RENAME ${LLMSIZER_APP_ID}.png)
endforeach()
# The screenshot the metadata names, shipped with the documentation.
install(FILES docs/screenshots/llama-3-70b-light.png
    DESTINATION ${CMAKE_INSTALL_DOCDIR}/screenshots)
