# Run after the README's block, in the folder it ran in. AddressPoints.geojson stands in for a
# county's download: six real features of Baltimore County's address points
# (github.com/baltimorecounty/address-points at 10aacf0, Unlicense), their properties cut to the
# address's own, then the first again 8 m east (a duplicate) and one with a null geometry.
# Four addresses, each with its number, its street's parts joined, its town, state and ZIP; the
# two numbered 0 (0 HEATHCOTE RD, 0 ORWIG RD: no CITY_POSTA, ZIP 17349), the county's placeholder
# for a building without a number, are skipped (zero_number), not addresses.
test "$(grep -c '^address,' county.csv)" -eq 4
grep -q '^address,,,,,21424,lentz rd,,,,,,,39.711708,-76.622419,,PARKTON,MD,21120$' county.csv
grep -q '^address,,,,,21434,york rd,.*,FREELAND,MD,21053$' county.csv
test "$(grep -c ',,MD,17349$' county.csv)" -eq 0
