/** 'Male', 'Female', 'Other'; '-' when none was given (accounts made before genders were asked for). */
export const genderLabel = (g: string) => (g ? g[0].toUpperCase() + g.slice(1) : "-");
