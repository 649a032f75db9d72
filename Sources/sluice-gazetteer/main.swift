import SluiceGeocode

GazetteerTool.main()
