/** {host} of the AbilityGrowth sub-application (ABILITY_GROWTH_HOST, else the example's port). */
export declare const ABILITY_GROWTH_HOST: string;
