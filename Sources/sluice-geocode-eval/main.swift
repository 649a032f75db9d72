import SluiceGeocode

EvalTool.main()
