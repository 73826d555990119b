# cmake --install: the apps (bin/), the headers (include/gdist/, laid out as
# in the source tree), the static libraries with a CMake package config
# (find_package(gdist) -> gdist::gdist), man pages made from each app's --help
# by help2man (share/man/man1/, when help2man is installed), and bash
# completion (share/bash-completion/completions/, one file per app name so
# bash-completion loads it on first use).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(GDIST_APPS gconvert gapsp gcenter gpath ginfo)
install(TARGETS ${GDIST_APPS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib ${PROJECT_SOURCE_DIR}/formats ${PROJECT_SOURCE_DIR}/kernels
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gdist
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.cuh" PATTERN "*.inc"
        PATTERN "testing" EXCLUDE)  # lib/testing: test support, not installed

set(GDIST_LIBRARIES gdist gdist_core gdist_formats gdist_engine gdist_plan gdist_analysis gdist_distributed gdist_kernels_cpu)
if(GDIST_HAVE_CUDA)
  list(APPEND GDIST_LIBRARIES gdist_kernels_cuda)
endif()
foreach(lib ${GDIST_LIBRARIES})
  if(NOT lib STREQUAL "gdist")
    string(REGEX REPLACE "^gdist_" "" short ${lib})
    set_target_properties(${lib} PROPERTIES EXPORT_NAME ${short})
    add_library(gdist::${short} ALIAS ${lib})
  endif()
endforeach()
add_library(gdist::gdist ALIAS gdist)
# A sanitizer build's libraries need the sanitizer runtime in whatever links them.
if(GDIST_SANITIZE)
  target_link_options(gdist INTERFACE -fsanitize=${GDIST_SANITIZE})
endif()
install(TARGETS ${GDIST_LIBRARIES} EXPORT gdistTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/gdist)
set(GDIST_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gdist)
# The optional dependencies found in lib/ (their variables stay in that scope):
# read back from what the targets link, for the config's find_dependency calls.
get_target_property(links gdist_distributed INTERFACE_LINK_LIBRARIES)
set(GDIST_PACKAGE_MPI OFF)
if("MPI::MPI_CXX" IN_LIST links)
  set(GDIST_PACKAGE_MPI ON)
endif()
get_target_property(links gdist_analysis INTERFACE_LINK_LIBRARIES)
set(GDIST_PACKAGE_CBC OFF)
if(links MATCHES "PkgConfig::GDIST_CBC")  # linked PRIVATE: $<LINK_ONLY:...> in the list
  set(GDIST_PACKAGE_CBC ON)
endif()
get_target_property(links gdist_formats INTERFACE_LINK_LIBRARIES)
set(GDIST_PACKAGE_OSMIUM OFF)
if("$<LINK_ONLY:EXPAT::EXPAT>" IN_LIST links)
  set(GDIST_PACKAGE_OSMIUM ON)
endif()
install(EXPORT gdistTargets NAMESPACE gdist:: DESTINATION ${GDIST_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/gdistConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/gdistConfig.cmake INSTALL_DESTINATION ${GDIST_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gdistConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gdistConfig.cmake ${PROJECT_BINARY_DIR}/gdistConfigVersion.cmake
        DESTINATION ${GDIST_CMAKE_DIR})

foreach(app ${GDIST_APPS})
  install(FILES ${PROJECT_SOURCE_DIR}/scripts/completion/gdist.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${app})
endforeach()

find_program(GDIST_HELP2MAN help2man)
if(GDIST_HELP2MAN)
  # The NAME line of each page (help2man's --name).
  set(GDIST_NAME_gconvert "convert graph files between formats and into gdist matrix files")
  set(GDIST_NAME_gapsp "all-pairs shortest paths by blocked Floyd-Warshall on the GPU or the CPU")
  set(GDIST_NAME_gcenter "distance metrics and facility siting (p-median, p-center, LSCP, MCLP)")
  set(GDIST_NAME_gpath "shortest routes from a distance matrix written by gapsp --paths")
  set(GDIST_NAME_ginfo "describe a gdist matrix file and verify its checksums")
  set(pages)
  foreach(app ${GDIST_APPS})
    set(page ${PROJECT_BINARY_DIR}/man/${app}.1)
    add_custom_command(OUTPUT ${page}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
                       COMMAND ${GDIST_HELP2MAN} --no-info --no-discard-stderr --section=1
                               --source=gdist --version-string=${PROJECT_VERSION} "--name=${GDIST_NAME_${app}}"
                               --output=${page} $<TARGET_FILE:${app}>
                       COMMAND ${CMAKE_COMMAND} -DPAGE=${page} -P ${PROJECT_SOURCE_DIR}/cmake/man_examples.cmake
                       DEPENDS ${app}
                       COMMENT "man page ${app}.1 from ${app} --help"
                       VERBATIM)
    list(APPEND pages ${page})
  endforeach()
  add_custom_target(gdist_man_pages ALL DEPENDS ${pages})
  install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "gdist: help2man not found (apt install help2man): no man pages")
endif()
